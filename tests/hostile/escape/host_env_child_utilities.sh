# ... nor the environment utilities and scripts see.
# env-host: HOSTILE_CHILD_SECRET=hostile-env-secret-child0006
# expect-stop: none
# expect-stdout: []
# expect-stdout-not-contains: HOSTILE
echo 'echo "[$HOSTILE_CHILD_SECRET]"' > /tmp/s.sh
source /tmp/s.sh
env | grep HOSTILE
(env; bash -c env 2>/dev/null) | grep HOSTILE
true
