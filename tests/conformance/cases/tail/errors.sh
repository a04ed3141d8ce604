# check-stderr
tail nofile; echo "[$?]"
printf 'x\n' > f
tail f nofile; echo "[$?]"
tail -n x f; echo "[$?]"
tail -c 1Q f; echo "[$?]"
tail --bogus; echo "[$?]"
