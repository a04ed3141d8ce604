# There are no host users: `~root` and `~nobody` stay as written.
# expect-stop: none
# expect-stdout: ~root ~nobody /home/agent
echo ~root ~nobody ~
