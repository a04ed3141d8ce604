# check-stderr
echo x > f
sync f; echo "[$?]"
sync -d f; echo "[$?]"
sync -f f; echo "[$?]"
sync --data --file-system f; echo "[$?]"
sync nofile; echo "[$?]"
