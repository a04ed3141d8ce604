set -o
