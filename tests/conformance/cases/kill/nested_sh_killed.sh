sh -c 'echo in; kill -9 $$; echo not'
echo "status $?"
bash -c 'kill -USR2 $$'
echo "status $?"
bash -c 'trap "echo got hup" HUP; kill -HUP $$; echo on'
echo "status $?"
