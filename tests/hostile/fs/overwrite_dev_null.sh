# /dev/null cannot be removed, replaced, moved or filled: it stays empty.
# expect-stop: none
# expect-stdout: 0
# expect-stdout: crw-rw-rw-
echo x > /dev/null
rm -f /dev/null
echo junk > /tmp/f
mv /tmp/f /dev/null
cp /tmp/f /dev/null
echo y >> /dev/null
cat /dev/null | wc -c
ls -l /dev/null | { read -r mode _; echo "$mode"; }
