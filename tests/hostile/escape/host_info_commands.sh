# Commands that describe the machine describe the sandbox, never the host:
# uname, hostname and id print the sandbox's fixed identity (user agent,
# host sandbox, a release naming sandbash), and ps and mount do not exist.
# expect-stop: none
# expect-status: 127
# expect-stdout: Linux sandbox 6.8.0-sandbash #1 SMP PREEMPT_DYNAMIC x86_64 GNU/Linux\nsandbox\nuid=1000(agent) gid=1000(agent) groups=1000(agent)
# expect-stderr-contains: ps: command not found
# expect-stderr-contains: mount: command not found
uname -a
hostname
id
ps aux
mount
