# `caller` with frame numbers far past the stack and past any integer:
# no frame (status 1) or, past a 64-bit number, an invalid number
# (status 2, as bash), never a search.
# expect-stop: none
# expect-stdout: 1 2 2
f() {
  caller 4611686018427387903 > /dev/null; a=$?
  caller 99999999999999999999999 2> /dev/null; b=$?
  caller -- 18446744073709551615 > /dev/null 2>&1; c=$?
  echo "$a $b $c"
}
f
