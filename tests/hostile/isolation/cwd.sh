# The other session's working directory (and OLDPWD) is its own.
# peer: mkdir -p /workspace/deep/er; cd /tmp; cd /workspace/deep/er
# expect-stop: none
# expect-stdout: /workspace /workspace []
# forbid: deep/er
echo "$(pwd)" "$PWD" "[${OLDPWD-}]"
