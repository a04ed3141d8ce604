# Case arms nested 24 deep, none ended by `;;` (fuzz F26): brush-parser's
# grammar reads each such arm twice (as an arm, then as the last arm), so
# its time doubles per level: 0.7 s at 18, about 10 minutes at 24. Its
# work is predicted before it runs and the command refused as a syntax
# error, which ends the script with status 2 (bash itself runs it).
# expect-stop: none
# expect-status: 2
# expect-stdout: before
# expect-stderr-contains: command too complex to parse
# expect-max-seconds: 1
echo before
case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) case x in x) echo inner; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac
echo after
