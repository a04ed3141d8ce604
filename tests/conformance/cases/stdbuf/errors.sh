# check-stderr
stdbuf echo x; echo "[$?]"
stdbuf -o L; echo "[$?]"
stdbuf -iL true; echo "[$?]"
stdbuf -o 1Q true; echo "[$?]"
stdbuf -o0 nosuchcmd; echo "[$?]"
