# check-stderr
touch f; chown "$(id -u):$(id -g)" f; echo "[$?]"
chown "$(id -u)" f; echo "[$?]"
