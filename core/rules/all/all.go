// Package all registers every ruleset. The app and the command line import
// it for its side effect; the engine never imports a variant directly.
package all

import _ "github.com/fourwinds-mahjong/fourwinds/core/rules/jilin" // jilin

import _ "github.com/fourwinds-mahjong/fourwinds/core/rules/classical" // classical
import _ "github.com/fourwinds-mahjong/fourwinds/core/rules/hongkong"  // hongkong
import _ "github.com/fourwinds-mahjong/fourwinds/core/rules/french"    // french
import _ "github.com/fourwinds-mahjong/fourwinds/core/rules/american"  // american
