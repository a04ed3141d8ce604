# check-stderr
nice -n x true; echo "[$?]"
nice -n 5; echo "[$?]"
nice nosuchcmd; echo "[$?]"
nice --bogus; echo "[$?]"
nice -n 1 sh -c 'exit 6'; echo "[$?]"
