# BASH_ENV and ENV pointing at host files, PROMPT_COMMAND set: running a
# script or a subshell reads no host file and runs nothing extra.
# expect-stop: none
# expect-stdout: inner
# expect-stdout: sub
# expect-stdout: done
export BASH_ENV=/etc/bash.bashrc ENV=/etc/profile PROMPT_COMMAND='echo pwned'
echo 'echo inner' > /tmp/s.sh
source /tmp/s.sh
(echo sub)
echo done
