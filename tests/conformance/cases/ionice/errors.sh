# check-stderr
ionice nosuchcmd; echo "[$?]"
ionice -c x true; echo "[$?]"
ionice -c idle -n 3 true; echo "[$?]"
