echo "[${BASH_SOURCE[0]-unset}] n=${#BASH_SOURCE[@]}"
