trap '' TERM USR1 HUP
kill $$; kill -USR1 $$; kill -HUP $$
echo survived
trap -p
