# check-stderr
printf 'a b\n' > f; printf 'c\n' > g
printf 'f\0g\0' > list
wc --files0-from=list
printf 'f\0g\0' | wc -l --files0-from=-
wc --files0-from=list f; echo "[$?]"
printf 'f\0nofile\0' | wc -c --files0-from=-; echo "[$?]"
