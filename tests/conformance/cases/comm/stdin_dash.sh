printf 'a\nc\n' > x
printf 'b\nc\n' | comm - x | sed -n l
