env bash -c 'echo "via env $0"' e
