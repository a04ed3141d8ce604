sync -f; echo "[$?]"
