# A field width of 10^11 would have hexdump pad one number with 100 GB
# of blanks in its line buffer: the memory budget refuses the line before
# it is allocated.
# expect-stop: memory
printf 'abcd' | hexdump -e '"%99999999999d"'
