# check-stderr
echo a > f; echo b > g
printf 'f\0\0g\0' > l2; wc --files0-from=l2; echo "[$?]"
wc --files0-from=nolist; echo "[$?]"
printf 'f\0-\0' | wc --files0-from=-; echo "[$?]"
printf 'f' | wc --files0-from=-; echo "[$?]"
printf '' | wc --files0-from=-; echo "[$?]"
