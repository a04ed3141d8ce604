# `$(` never closed.
# expect-stop: none
# expect-status: 2
# expect-stderr-contains: unexpected EOF while looking for matching `)'
echo $(echo
