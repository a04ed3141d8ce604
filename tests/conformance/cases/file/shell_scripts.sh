printf "#!/bin/bash\necho\n" > a; printf "#!/bin/sh\necho\n" > b; printf "#!/usr/bin/env bash\n" > c; file a b c
