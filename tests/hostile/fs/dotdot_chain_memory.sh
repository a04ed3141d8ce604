# `..` chains never climb above the sandbox root.
# expect-stop: none
# expect-stdout: /
# expect-stdout: /
# expect-stdout: /../../../dev /../../../home /../../../tmp /../../../workspace
cd ../../../../../../../../../../..
pwd
cd /tmp/../../../../..
pwd
echo /../../../*
