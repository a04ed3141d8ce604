# check-stderr
ionice -t -c x true; echo "[$?]"
ionice -t nosuchcmd; echo "[$?]"
