# check-stderr
tty --bogus; echo "[$?]"
tty -z; echo "[$?]"
echo x | tty; echo "[$?]"
