# A single quote still open at the end of the script.
# expect-stop: none
# expect-status: 2
# expect-stdout-empty:
# expect-stderr-contains: unexpected EOF while looking for matching `''
echo 'abc
