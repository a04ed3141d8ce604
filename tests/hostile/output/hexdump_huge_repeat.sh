# A text unit repeated 10^12 times for every block of data: the output
# limit stops it, and the text printed up to the limit is kept.
# limit: max_output=1M
# expect-stop: output
# expect-stdout-prefix: xxxx
# expect-stdout-bytes: 512K..1M
printf 'abcd' | hexdump -e '1000000000000 "x"' -e '"%x"'
