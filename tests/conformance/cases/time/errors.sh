# check-stderr
command time nosuchcmd 2>err; echo "[$?]"; head -n 2 err
command time; echo "[$?]"
command time -f; echo "[$?]"
