trap 'echo hup' HUP
kill -s HUP $$
echo ok
