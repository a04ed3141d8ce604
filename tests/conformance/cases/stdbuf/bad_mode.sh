# check-stderr
stdbuf -e x true; echo "[$?]"
