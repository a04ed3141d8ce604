# A text unit repeated 2*10^9 times for every block of data: the output
# limit stops it, and the text printed up to the limit is kept.
# limit: max_output=1M
# expect-stop: output
# expect-stdout-prefix: xxxx
# expect-stdout-bytes: 512K..1M
printf 'abcd' | hexdump -e '2000000000 "x"' -e '"%x"'
