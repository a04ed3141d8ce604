cat 3<<EOF <&3
from fd 3
EOF
