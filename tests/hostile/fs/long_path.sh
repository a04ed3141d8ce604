# A path over 4096 bytes made of short components, through a redirection.
# expect-stop: none
# expect-status: 1
# expect-stderr-contains: File name too long
p=/tmp$(printf '/ab%.0s' {1..1400})
echo x > "$p"
