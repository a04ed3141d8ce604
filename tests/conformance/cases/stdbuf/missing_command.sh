# check-stderr
stdbuf -oL; echo "[$?]"
stdbuf; echo "[$?]"
