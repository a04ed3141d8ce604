# A 300-byte file name (the limit is 255 per component).
# expect-stop: none
# expect-status: 1
# expect-stderr-contains: File name too long
touch /tmp/$(printf 'x%.0s' {1..300})
