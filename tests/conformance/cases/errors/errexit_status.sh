set -e
(exit 3)
echo notreached
