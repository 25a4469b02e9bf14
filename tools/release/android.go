package main

import (
	"bytes"
	"text/template"

	"github.com/fourwinds-mahjong/fourwinds/internal/appmeta"
)

// AndroidPermissions are what the app asks of Android: the network for
// shared tables, the Wi-Fi state to find the local network, and
// multicast, which mDNS discovery needs (with a held multicast lock).
var AndroidPermissions = []string{
	"android.permission.INTERNET",
	"android.permission.ACCESS_NETWORK_STATE",
	"android.permission.ACCESS_WIFI_STATE",
	"android.permission.CHANGE_WIFI_MULTICAST_STATE",
}

// AndroidLibName is the name of the app's native library
// (lib<name>.so), which the activity loads.
const AndroidLibName = "fourwinds"

// manifestTemplate follows what Fyne's packager (fyne.io/tools v1.7.0)
// accepts in place of its own manifest: it takes the file as it is, so the
// package, version and label are written in here; the activity must be
// org.golang.app.GoNativeActivity with android.app.lib_name; uses-sdk and
// android:icon must be left out (the packager adds them).
var manifestTemplate = template.Must(template.New("manifest").Parse(`<?xml version="1.0" encoding="utf-8"?>
<!-- Written from FyneApp.toml by ` + "`go run ./tools/release manifest`" + `: edit FyneApp.toml, not this file. -->
<manifest
	xmlns:android="http://schemas.android.com/apk/res/android"
	package="{{.App.Details.ID}}"
	android:versionCode="{{.App.Details.Build}}"
	android:versionName="{{.App.Details.Version}}">

	<application android:label="{{html .App.Details.Name}}" android:debuggable="false">
	<activity android:name="org.golang.app.GoNativeActivity"
		android:label="{{html .App.Details.Name}}"
		android:configChanges="orientation|keyboardHidden|uiMode"
		android:exported="true"
		android:theme="@android:style/Theme">
		<meta-data android:name="android.app.lib_name" android:value="{{.Lib}}" />
		<intent-filter>
			<action android:name="android.intent.action.MAIN" />
			<category android:name="android.intent.category.LAUNCHER" />
		</intent-filter>
	</activity>
	</application>
{{range .Permissions}}
	<uses-permission android:name="{{.}}" />{{end}}
</manifest>
`))

// androidManifest returns the AndroidManifest.xml for app.
func androidManifest(app appmeta.App) []byte {
	var b bytes.Buffer
	err := manifestTemplate.Execute(&b, struct {
		App         appmeta.App
		Lib         string
		Permissions []string
	}{app, AndroidLibName, AndroidPermissions})
	if err != nil {
		panic(err) // the template and its data are fixed: a failure is a bug here
	}
	return b.Bytes()
}
