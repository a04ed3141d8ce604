# An ERR trap that itself fails: bash does not run ERR traps from inside
# the trap, so this must not recurse.
# expect-stop: none
# expect-status: 1
# expect-stdout: trapped
trap 'echo trapped; false' ERR
false
