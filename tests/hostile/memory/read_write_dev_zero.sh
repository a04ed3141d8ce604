# `<>` on an endless device: a read-write descriptor writes in place into
# a regular file it reads whole, so a device must get its two sides opened
# apart; reading /dev/zero whole would never end.
# expect-stop: none
# expect-stdout: 4
exec 3<>/dev/zero
echo x >&3
head -c 4 <&3 | wc -c
