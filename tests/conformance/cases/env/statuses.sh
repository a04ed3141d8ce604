# check-stderr
env nosuchcmd; echo "[$?]"
mkdir d; env ./d; echo "[$?]"
echo 'echo hi' > s; env ./s; echo "[$?]"
env --bogus; echo "[$?]"
env sh -c 'exit 7'; echo "[$?]"
