echo x > f; tty < f; echo "[$?]"
