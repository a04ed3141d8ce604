# check-stderr
touch f; chown : f; echo "[$?]"
chown '' f; echo "[$?]"
