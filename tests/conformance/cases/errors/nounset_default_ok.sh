set -u
echo "[${undefined_var-}] [${undefined_var:-d}]"
