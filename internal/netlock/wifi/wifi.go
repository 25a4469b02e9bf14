//go:build android && cgo

// Package wifi calls Android's WifiManager through JNI: the multicast lock
// that mDNS discovery needs. It is kept apart from Fyne so its C can be
// compiled against any jni.h.
package wifi

/*
#include <jni.h>
#include <stdint.h>
#include <stdlib.h>

// fw_failed clears a pending Java exception and reports whether there was
// one, or whether obj, a result that must not be null, is null.
static int fw_failed(JNIEnv *env, void *obj) {
	if ((*env)->ExceptionCheck(env)) {
		(*env)->ExceptionClear(env);
		return 1;
	}
	return obj == NULL;
}

// fw_call calls the no-argument object method name with signature sig.
static jobject fw_call(JNIEnv *env, jobject obj, const char *name, const char *sig) {
	jclass cls = (*env)->GetObjectClass(env, obj);
	jmethodID m = (*env)->GetMethodID(env, cls, name, sig);
	(*env)->DeleteLocalRef(env, cls);
	if (fw_failed(env, m)) {
		return NULL;
	}
	jobject r = (*env)->CallObjectMethod(env, obj, m);
	return fw_failed(env, r) ? NULL : r;
}

// fw_void calls the void method name with signature sig and one optional
// argument.
static int fw_void(JNIEnv *env, jobject obj, const char *name, const char *sig, jvalue *arg) {
	jclass cls = (*env)->GetObjectClass(env, obj);
	jmethodID m = (*env)->GetMethodID(env, cls, name, sig);
	(*env)->DeleteLocalRef(env, cls);
	if (fw_failed(env, m)) {
		return 0;
	}
	(*env)->CallVoidMethodA(env, obj, m, arg);
	return !fw_failed(env, (void *)1);
}

// fw_acquire_multicast returns a global reference to an acquired
// WifiManager.MulticastLock named tag, or 0 with *step set to the step that
// failed.
static uintptr_t fw_acquire_multicast(uintptr_t envp, uintptr_t ctxp, const char *tag, const char **step) {
	JNIEnv *env = (JNIEnv *)envp;
	jobject app = fw_call(env, (jobject)ctxp, "getApplicationContext", "()Landroid/content/Context;");
	if (app == NULL) {
		*step = "Context.getApplicationContext";
		return 0;
	}
	jclass appCls = (*env)->GetObjectClass(env, app);
	jmethodID getService = (*env)->GetMethodID(env, appCls, "getSystemService", "(Ljava/lang/String;)Ljava/lang/Object;");
	(*env)->DeleteLocalRef(env, appCls);
	if (fw_failed(env, getService)) {
		(*env)->DeleteLocalRef(env, app);
		*step = "Context.getSystemService";
		return 0;
	}
	jstring wifiName = (*env)->NewStringUTF(env, "wifi");
	jobject wifi = (*env)->CallObjectMethod(env, app, getService, wifiName);
	(*env)->DeleteLocalRef(env, wifiName);
	(*env)->DeleteLocalRef(env, app);
	if (fw_failed(env, wifi)) {
		*step = "getSystemService(\"wifi\")";
		return 0;
	}
	jclass wifiCls = (*env)->GetObjectClass(env, wifi);
	jmethodID create = (*env)->GetMethodID(env, wifiCls, "createMulticastLock",
		"(Ljava/lang/String;)Landroid/net/wifi/WifiManager$MulticastLock;");
	(*env)->DeleteLocalRef(env, wifiCls);
	if (fw_failed(env, create)) {
		(*env)->DeleteLocalRef(env, wifi);
		*step = "WifiManager.createMulticastLock";
		return 0;
	}
	jstring name = (*env)->NewStringUTF(env, tag);
	jobject lock = (*env)->CallObjectMethod(env, wifi, create, name);
	(*env)->DeleteLocalRef(env, name);
	(*env)->DeleteLocalRef(env, wifi);
	if (fw_failed(env, lock)) {
		*step = "WifiManager.createMulticastLock";
		return 0;
	}
	jvalue notCounted = {.z = JNI_FALSE};
	if (!fw_void(env, lock, "setReferenceCounted", "(Z)V", &notCounted) ||
	    !fw_void(env, lock, "acquire", "()V", NULL)) {
		(*env)->DeleteLocalRef(env, lock);
		*step = "MulticastLock.acquire (is CHANGE_WIFI_MULTICAST_STATE in the manifest?)";
		return 0;
	}
	jobject global = (*env)->NewGlobalRef(env, lock);
	(*env)->DeleteLocalRef(env, lock);
	return (uintptr_t)global;
}

// fw_release_multicast releases the lock and frees its global reference.
static int fw_release_multicast(uintptr_t envp, uintptr_t lockp) {
	JNIEnv *env = (JNIEnv *)envp;
	jobject lock = (jobject)lockp;
	int ok = fw_void(env, lock, "release", "()V", NULL);
	(*env)->DeleteGlobalRef(env, lock);
	return ok;
}
*/
import "C"

import (
	"errors"
	"fmt"
	"unsafe"
)

// AcquireMulticast creates and acquires a MulticastLock named tag. env and
// ctx are the JNIEnv and the Android Context of the calling thread (Fyne's
// driver.AndroidContext); the result is a global reference to give to
// ReleaseMulticast.
func AcquireMulticast(env, ctx uintptr, tag string) (uintptr, error) {
	if env == 0 || ctx == 0 {
		return 0, errors.New("netlock: no JNI environment or Android context")
	}
	ctag := C.CString(tag)
	defer C.free(unsafe.Pointer(ctag))
	var step *C.char
	lock := C.fw_acquire_multicast(C.uintptr_t(env), C.uintptr_t(ctx), ctag, &step)
	if lock == 0 {
		return 0, fmt.Errorf("netlock: taking the Wi-Fi multicast lock failed at %s", C.GoString(step))
	}
	return uintptr(lock), nil
}

// ReleaseMulticast releases a lock from AcquireMulticast and frees it.
func ReleaseMulticast(env, lock uintptr) error {
	if env == 0 || lock == 0 {
		return errors.New("netlock: no JNI environment or no lock to release")
	}
	if C.fw_release_multicast(C.uintptr_t(env), C.uintptr_t(lock)) == 0 {
		return errors.New("netlock: MulticastLock.release failed")
	}
	return nil
}
