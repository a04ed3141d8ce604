# The identity the sandbox shows is its own, never the host's.
# expect-stop: none
# expect-stdout: /home/agent agent agent /usr/local/bin:/usr/bin:/bin sandbash 1000 1000 /tmp
echo "$HOME" "$USER" "$LOGNAME" "$PATH" "$HOSTNAME" "$UID" "$EUID" "$TMPDIR"
