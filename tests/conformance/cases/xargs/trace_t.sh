# check-stderr
printf 'a b\n' | xargs -t echo x
