# A secret in the host process's environment never reaches the sandbox's.
# env-host: AWS_SECRET_ACCESS_KEY=hostile-env-secret-AKIA0001
# expect-stop: none
# expect-stdout-not-contains: AWS_
env
