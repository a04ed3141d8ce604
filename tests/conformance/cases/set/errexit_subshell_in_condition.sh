set -e
(false; echo "sub continues") || echo handled
echo after
