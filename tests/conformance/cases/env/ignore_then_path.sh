# check-stderr
env -i ls >/dev/null; echo "[$?]"
env -i PATH=/usr/bin:/bin sh -c 'echo ok'
