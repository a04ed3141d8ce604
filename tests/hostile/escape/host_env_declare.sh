# ... nor `declare -p`, `export -p`, `declare -x`.
# env-host: GITHUB_TOKEN=hostile-env-secret-ghp0003
# expect-stop: none
# expect-stdout-not-contains: GITHUB
declare -p
export -p
declare -x
