set -u
echo "${nosuch:-fallback}" "${nosuch-other}"
