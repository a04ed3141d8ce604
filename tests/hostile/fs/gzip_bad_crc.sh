# A gzip member whose trailer holds a wrong CRC (and size): gzip inflates
# what is there, then fails as GNU gzip 1.10 does (checked), on stdout
# the data, on stderr its message after a blank line, status 1; `-t`
# says the same, and `gunzip` keeps the damaged file and makes no output.
# expect-stop: none
# expect-status: 1
# expect-stdout: hello
# expect-stdout: 1
# expect-stdout: 1
# expect-stdout: bad.gz
# expect-stderr:
# expect-stderr: gzip: bad.gz: invalid compressed data--crc error
# expect-stderr:
# expect-stderr: gzip: bad.gz: invalid compressed data--crc error
# expect-stderr:
# expect-stderr: gzip: bad.gz: invalid compressed data--crc error
printf 'hello\n' | gzip -n > g.gz
head -c -8 g.gz > bad.gz
printf '\0\0\0\0\6\0\0\0' >> bad.gz
rm g.gz
gzip -dc bad.gz
echo $?
gzip -t bad.gz
echo $?
gunzip bad.gz; s=$?
ls
exit $s
