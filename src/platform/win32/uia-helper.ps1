# GUI Bridge - UI Automation helper for Windows.
#
# A persistent process the bridge starts with
#   powershell.exe -NoLogo -NoProfile -NonInteractive -ExecutionPolicy Bypass -File uia-helper.ps1
# It speaks JSON lines over stdin/stdout (see src/platform/shared-desktop/helperProtocol.ts):
#   -> {"id":1,"method":"tree","params":{"hwnd":123,"maxNodes":5000,"maxDepth":64,"deadlineMs":3000}}
#   <- {"id":1,"ok":true,"result":{...}}   or   {"id":1,"ok":false,"error":{"code":"...","message":"..."}}
# Methods: windows, tree, children, act, setValue, setRange, readText, activate, close.
# It uses the managed UI Automation client (System.Windows.Automation, UIAutomationClient.dll),
# which ships with Windows PowerShell 5.1 and PowerShell 7 on Windows: no native build.
#
# Security: the text of password fields (IsPassword) is never read, not even into this process.

$ErrorActionPreference = 'Stop'
Add-Type -AssemblyName UIAutomationClient
Add-Type -AssemblyName UIAutomationTypes

$Utf8 = New-Object System.Text.UTF8Encoding($false)
$In = New-Object System.IO.StreamReader([Console]::OpenStandardInput(), $Utf8)
$Out = New-Object System.IO.StreamWriter([Console]::OpenStandardOutput(), $Utf8)
$Out.AutoFlush = $true

$AE = [System.Windows.Automation.AutomationElement]
$Scope = [System.Windows.Automation.TreeScope]
$ControlView = [System.Windows.Automation.Automation]::ControlViewCondition
$MaxValueChars = 10000

# Owner and enabled state of top-level windows come from user32 (GetWindow GW_OWNER = 4).
$script:User32 = $null
try {
  $types = Add-Type -Name 'GuiBridgeUser32' -Namespace 'GuiBridge' -PassThru -MemberDefinition @'
[DllImport("user32.dll")] public static extern System.IntPtr GetWindow(System.IntPtr hWnd, uint uCmd);
[DllImport("user32.dll")] public static extern bool IsWindowEnabled(System.IntPtr hWnd);
'@
  $script:User32 = @($types)[0]
} catch {
  $script:User32 = $null
}

# Elements of the last tree read per window: ref -> AutomationElement.
$script:Elements = @{}

$PatternFlags = [ordered]@{
  Invoke = $AE::IsInvokePatternAvailableProperty
  Value = $AE::IsValuePatternAvailableProperty
  Toggle = $AE::IsTogglePatternAvailableProperty
  SelectionItem = $AE::IsSelectionItemPatternAvailableProperty
  Selection = $AE::IsSelectionPatternAvailableProperty
  ExpandCollapse = $AE::IsExpandCollapsePatternAvailableProperty
  RangeValue = $AE::IsRangeValuePatternAvailableProperty
  Window = $AE::IsWindowPatternAvailableProperty
  Text = $AE::IsTextPatternAvailableProperty
  GridItem = $AE::IsGridItemPatternAvailableProperty
  TableItem = $AE::IsTableItemPatternAvailableProperty
  Grid = $AE::IsGridPatternAvailableProperty
  Table = $AE::IsTablePatternAvailableProperty
  ScrollItem = $AE::IsScrollItemPatternAvailableProperty
}

function New-CacheRequest {
  $request = New-Object System.Windows.Automation.CacheRequest
  $properties = @(
    $AE::RuntimeIdProperty, $AE::ControlTypeProperty, $AE::NameProperty, $AE::AutomationIdProperty,
    $AE::ClassNameProperty, $AE::FrameworkIdProperty, $AE::IsEnabledProperty, $AE::IsOffscreenProperty,
    $AE::IsKeyboardFocusableProperty, $AE::HasKeyboardFocusProperty, $AE::IsPasswordProperty,
    $AE::BoundingRectangleProperty, $AE::HelpTextProperty, $AE::LabeledByProperty,
    [System.Windows.Automation.TogglePattern]::ToggleStateProperty,
    [System.Windows.Automation.SelectionItemPattern]::IsSelectedProperty,
    [System.Windows.Automation.ExpandCollapsePattern]::ExpandCollapseStateProperty,
    [System.Windows.Automation.ValuePattern]::IsReadOnlyProperty,
    [System.Windows.Automation.RangeValuePattern]::ValueProperty,
    [System.Windows.Automation.RangeValuePattern]::MinimumProperty,
    [System.Windows.Automation.RangeValuePattern]::MaximumProperty,
    [System.Windows.Automation.WindowPattern]::IsModalProperty
  )
  foreach ($property in $properties) { $request.Add($property) }
  foreach ($flag in $PatternFlags.Values) { $request.Add($flag) }
  $request.TreeScope = $Scope::Element
  return $request
}
$Cache = New-CacheRequest

function New-HelperError([string]$Code, [string]$Message) {
  $exception = New-Object System.InvalidOperationException($Message)
  $exception.Data['code'] = $Code
  return $exception
}

function Write-Line($Value) {
  $Out.WriteLine((ConvertTo-Json -InputObject $Value -Compress -Depth 8))
}

function Get-Cached($Element, $Property) {
  $value = $Element.GetCachedPropertyValue($Property, $true)
  if ([object]::ReferenceEquals($value, $AE::NotSupported)) { return $null }
  return $value
}

function Get-RefOf([long]$Hwnd, $Element) {
  $runtimeId = Get-Cached $Element $AE::RuntimeIdProperty
  if ($null -eq $runtimeId) { $runtimeId = $Element.GetRuntimeId() }
  return ([string]$Hwnd) + ':' + ($runtimeId -join '.')
}

function Get-WindowElement([long]$Hwnd) {
  $element = $null
  try { $element = $AE::FromHandle([IntPtr]$Hwnd) } catch { $element = $null }
  if ($null -eq $element) { throw (New-HelperError 'not_found' "window $Hwnd is gone") }
  return $element.GetUpdatedCache($Cache)
}

function Resolve-Ref([string]$Ref) {
  $known = $script:Elements[$Ref]
  if ($null -ne $known) {
    try { $null = $known.Current.ProcessId; return $known } catch { $script:Elements.Remove($Ref) }
  }
  # Not from the last read (or stale): find it again by its runtime id under its window.
  $parts = $Ref.Split(':')
  if ($parts.Length -ne 2) { throw (New-HelperError 'bad_ref' "malformed element reference $Ref") }
  $window = Get-WindowElement ([long]$parts[0])
  [int[]]$runtimeId = $parts[1].Split('.') | ForEach-Object { [int]$_ }
  $condition = New-Object System.Windows.Automation.PropertyCondition($AE::RuntimeIdProperty, $runtimeId)
  $found = $window.FindFirst($Scope::Subtree, $condition)
  if ($null -eq $found) { throw (New-HelperError 'not_found' 'the element is gone') }
  $script:Elements[$Ref] = $found
  return $found
}

function Get-Rect($Element) {
  $rect = Get-Cached $Element $AE::BoundingRectangleProperty
  if ($null -eq $rect -or $rect.IsEmpty -or [double]::IsInfinity($rect.Width)) { return $null }
  return @([int][math]::Round($rect.X), [int][math]::Round($rect.Y), [int][math]::Round($rect.Width), [int][math]::Round($rect.Height))
}

function Get-Patterns($Element) {
  $names = New-Object System.Collections.ArrayList
  foreach ($entry in $PatternFlags.GetEnumerator()) {
    if ((Get-Cached $Element $entry.Value) -eq $true) { [void]$names.Add($entry.Key) }
  }
  return ,$names
}

function Read-ElementText($Element, $Patterns) {
  # Current (not cached) on purpose: values are read one by one, never for password fields.
  if ($Patterns -contains 'Value') {
    $text = [string]$Element.GetCurrentPropertyValue([System.Windows.Automation.ValuePattern]::ValueProperty)
  } elseif ($Patterns -contains 'Text') {
    $pattern = $Element.GetCurrentPattern([System.Windows.Automation.TextPattern]::Pattern)
    $text = $pattern.DocumentRange.GetText($MaxValueChars + 1)
  } else {
    return $null
  }
  return $text
}

function Add-StateFields($Node, $Element, $Patterns) {
  if ($Patterns -contains 'Toggle') { $Node.toggle = [string](Get-Cached $Element ([System.Windows.Automation.TogglePattern]::ToggleStateProperty)) }
  if ($Patterns -contains 'SelectionItem') { $Node.selected = [bool](Get-Cached $Element ([System.Windows.Automation.SelectionItemPattern]::IsSelectedProperty)) }
  if ($Patterns -contains 'ExpandCollapse') { $Node.expand = [string](Get-Cached $Element ([System.Windows.Automation.ExpandCollapsePattern]::ExpandCollapseStateProperty)) }
  if ($Patterns -contains 'Value') { $Node.readOnly = [bool](Get-Cached $Element ([System.Windows.Automation.ValuePattern]::IsReadOnlyProperty)) }
  if ($Patterns -contains 'Window') { $Node.modal = [bool](Get-Cached $Element ([System.Windows.Automation.WindowPattern]::IsModalProperty)) }
  if ($Patterns -contains 'RangeValue') {
    $Node.range = [ordered]@{
      value = [double](Get-Cached $Element ([System.Windows.Automation.RangeValuePattern]::ValueProperty))
      min = [double](Get-Cached $Element ([System.Windows.Automation.RangeValuePattern]::MinimumProperty))
      max = [double](Get-Cached $Element ([System.Windows.Automation.RangeValuePattern]::MaximumProperty))
    }
  }
}

function Add-ValueField($Node, $Element, $Patterns) {
  if ($Node.password) { return }
  try { $text = Read-ElementText $Element $Patterns } catch { $text = $null }
  if ($null -eq $text) { return }
  if ($text.Length -gt $MaxValueChars) {
    $text = $text.Substring(0, $MaxValueChars)
    $Node.valueTruncated = $true
  }
  $Node.value = $text
}

function ConvertTo-Node($Element, [long]$Hwnd, [int]$Index, [int]$Parent) {
  $ref = Get-RefOf $Hwnd $Element
  $script:Elements[$ref] = $Element
  $controlType = Get-Cached $Element $AE::ControlTypeProperty
  $patterns = Get-Patterns $Element
  $node = [ordered]@{
    i = $Index; p = $Parent; ref = $ref
    controlType = ([string]$controlType.ProgrammaticName) -replace '^ControlType\.', ''
    name = [string](Get-Cached $Element $AE::NameProperty)
    automationId = [string](Get-Cached $Element $AE::AutomationIdProperty)
    className = [string](Get-Cached $Element $AE::ClassNameProperty)
    frameworkId = [string](Get-Cached $Element $AE::FrameworkIdProperty)
    enabled = [bool](Get-Cached $Element $AE::IsEnabledProperty)
    offscreen = [bool](Get-Cached $Element $AE::IsOffscreenProperty)
    focusable = [bool](Get-Cached $Element $AE::IsKeyboardFocusableProperty)
    focused = [bool](Get-Cached $Element $AE::HasKeyboardFocusProperty)
    password = [bool](Get-Cached $Element $AE::IsPasswordProperty)
    bounds = Get-Rect $Element
    helpText = [string](Get-Cached $Element $AE::HelpTextProperty)
    patterns = $patterns
  }
  $label = Get-Cached $Element $AE::LabeledByProperty
  if ($null -ne $label) { try { $node.labeledBy = ([string]$Hwnd) + ':' + ($label.GetRuntimeId() -join '.') } catch { } }
  Add-StateFields $node $Element $patterns
  Add-ValueField $node $Element $patterns
  return $node
}

function Get-Children($Element) {
  $Cache.Push()
  try { return ,@($Element.FindAll($Scope::Children, $ControlView)) } finally { $Cache.Pop() }
}

# Breadth-first walk within the node, depth and time budget. A cut node carries childCount.
function Read-Subtree($Roots, [long]$Hwnd, [int]$MaxNodes, [int]$MaxDepth, [int]$DeadlineMs, [int]$RootDepth) {
  $clock = [System.Diagnostics.Stopwatch]::StartNew()
  $nodes = New-Object System.Collections.ArrayList
  $queue = New-Object System.Collections.Queue
  $truncated = $false
  $timedOut = $false
  foreach ($root in $Roots) {
    if ($nodes.Count -ge $MaxNodes) { $truncated = $true; break }
    $node = ConvertTo-Node $root $Hwnd $nodes.Count (-1)
    [void]$nodes.Add($node)
    $queue.Enqueue(@($root, $node, $RootDepth))
  }
  while ($queue.Count -gt 0) {
    $item = $queue.Dequeue()
    $element = $item[0]; $node = $item[1]; $depth = $item[2]
    if ($clock.ElapsedMilliseconds -gt $DeadlineMs) { $timedOut = $true; $truncated = $true; break }
    $children = Get-Children $element
    if ($children.Count -eq 0) { continue }
    if ($depth -ge $MaxDepth) { $node.childCount = $children.Count; $truncated = $true; continue }
    $taken = 0
    foreach ($child in $children) {
      if ($nodes.Count -ge $MaxNodes) { break }
      $childNode = ConvertTo-Node $child $Hwnd $nodes.Count $node.i
      [void]$nodes.Add($childNode)
      $queue.Enqueue(@($child, $childNode, ($depth + 1)))
      $taken++
    }
    if ($taken -lt $children.Count) { $node.childCount = $children.Count; $truncated = $true }
  }
  return [ordered]@{ nodes = $nodes; truncated = $truncated; timedOut = $timedOut }
}

function Invoke-Tree($P) {
  $window = Get-WindowElement ([long]$P.hwnd)
  foreach ($key in @($script:Elements.Keys)) { if ($key.StartsWith(([string]$P.hwnd) + ':')) { $script:Elements.Remove($key) } }
  return Read-Subtree @($window) ([long]$P.hwnd) ([int]$P.maxNodes) ([int]$P.maxDepth) ([int]$P.deadlineMs) 0
}

function Invoke-Children($P) {
  $parent = Resolve-Ref ([string]$P.ref)
  $hwnd = [long]([string]$P.ref).Split(':')[0]
  $all = Get-Children $parent
  $slice = @($all | Select-Object -Skip ([int]$P.offset) -First ([int]$P.limit))
  $result = Read-Subtree $slice $hwnd 100000 ([int]$P.depth) 5000 0
  $result.total = $all.Count
  return $result
}

function Get-WindowInfo([long]$Hwnd) {
  $info = [ordered]@{ hwnd = $Hwnd; found = $false }
  try { $element = Get-WindowElement $Hwnd } catch { return $info }
  $info.found = $true
  $info.controlType = ([string](Get-Cached $element $AE::ControlTypeProperty).ProgrammaticName) -replace '^ControlType\.', ''
  $info.name = [string](Get-Cached $element $AE::NameProperty)
  $info.className = [string](Get-Cached $element $AE::ClassNameProperty)
  $info.frameworkId = [string](Get-Cached $element $AE::FrameworkIdProperty)
  $info.enabled = [bool](Get-Cached $element $AE::IsEnabledProperty)
  $info.modal = [bool](Get-Cached $element ([System.Windows.Automation.WindowPattern]::IsModalProperty))
  if ($null -ne $script:User32) {
    $owner = $script:User32::GetWindow([IntPtr]$Hwnd, 4)
    if ($owner -ne [IntPtr]::Zero) {
      $info.ownerHwnd = $owner.ToInt64()
      $info.ownerEnabled = [bool]$script:User32::IsWindowEnabled($owner)
    }
  }
  return $info
}

function Invoke-Windows($P) {
  $list = New-Object System.Collections.ArrayList
  foreach ($hwnd in @($P.hwnds)) { [void]$list.Add((Get-WindowInfo ([long]$hwnd))) }
  return [ordered]@{ windows = $list }
}

function Get-Pattern($Element, $Pattern, [string]$Name) {
  $found = $null
  if (-not $Element.TryGetCurrentPattern($Pattern, [ref]$found)) { throw (New-HelperError 'unsupported' "the element has no $Name pattern") }
  return $found
}

function Invoke-Act($P) {
  $element = Resolve-Ref ([string]$P.ref)
  switch ([string]$P.action) {
    'invoke' { (Get-Pattern $element ([System.Windows.Automation.InvokePattern]::Pattern) 'Invoke').Invoke() }
    'toggle' { (Get-Pattern $element ([System.Windows.Automation.TogglePattern]::Pattern) 'Toggle').Toggle() }
    'select' { (Get-Pattern $element ([System.Windows.Automation.SelectionItemPattern]::Pattern) 'SelectionItem').Select() }
    'expand' { (Get-Pattern $element ([System.Windows.Automation.ExpandCollapsePattern]::Pattern) 'ExpandCollapse').Expand() }
    'collapse' { (Get-Pattern $element ([System.Windows.Automation.ExpandCollapsePattern]::Pattern) 'ExpandCollapse').Collapse() }
    'focus' { $element.SetFocus() }
    default { throw (New-HelperError 'unsupported' "unknown action $($P.action)") }
  }
  return [ordered]@{ done = $true }
}

function Invoke-SetValue($P) {
  $element = Resolve-Ref ([string]$P.ref)
  (Get-Pattern $element ([System.Windows.Automation.ValuePattern]::Pattern) 'Value').SetValue([string]$P.value)
  return [ordered]@{ done = $true }
}

function Invoke-SetRange($P) {
  $element = Resolve-Ref ([string]$P.ref)
  (Get-Pattern $element ([System.Windows.Automation.RangeValuePattern]::Pattern) 'RangeValue').SetValue([double]$P.value)
  return [ordered]@{ done = $true }
}

function Invoke-ReadText($P) {
  $element = Resolve-Ref ([string]$P.ref)
  if ($element.Current.IsPassword) { throw (New-HelperError 'sensitive' 'the text of a password field is never read') }
  $patterns = New-Object System.Collections.ArrayList
  if ($element.GetCurrentPropertyValue($AE::IsValuePatternAvailableProperty)) { [void]$patterns.Add('Value') }
  if ($element.GetCurrentPropertyValue($AE::IsTextPatternAvailableProperty)) { [void]$patterns.Add('Text') }
  $text = Read-ElementText $element $patterns
  if ($null -eq $text) { $text = $element.Current.Name }
  return [ordered]@{ text = [string]$text }
}

function Invoke-Activate($P) {
  $window = Get-WindowElement ([long]$P.hwnd)
  $pattern = $null
  if ($window.TryGetCurrentPattern([System.Windows.Automation.WindowPattern]::Pattern, [ref]$pattern)) {
    if ($pattern.Current.WindowVisualState -eq [System.Windows.Automation.WindowVisualState]::Minimized) {
      $pattern.SetWindowVisualState([System.Windows.Automation.WindowVisualState]::Normal)
    }
  }
  return [ordered]@{ done = $true }
}

function Invoke-Close($P) {
  $window = Get-WindowElement ([long]$P.hwnd)
  $pattern = $null
  if (-not $window.TryGetCurrentPattern([System.Windows.Automation.WindowPattern]::Pattern, [ref]$pattern)) {
    return [ordered]@{ closed = $false }
  }
  $pattern.Close()
  return [ordered]@{ closed = $true }
}

function Invoke-Method([string]$Method, $P) {
  switch ($Method) {
    'windows' { return Invoke-Windows $P }
    'tree' { return Invoke-Tree $P }
    'children' { return Invoke-Children $P }
    'act' { return Invoke-Act $P }
    'setValue' { return Invoke-SetValue $P }
    'setRange' { return Invoke-SetRange $P }
    'readText' { return Invoke-ReadText $P }
    'activate' { return Invoke-Activate $P }
    'close' { return Invoke-Close $P }
  }
  throw (New-HelperError 'unknown_method' "unknown method $Method")
}

function Get-ErrorCode($Exception) {
  $current = $Exception
  while ($null -ne $current) {
    if ($current.Data.Contains('code')) { return [string]$current.Data['code'] }
    if ($current -is [System.Windows.Automation.ElementNotAvailableException]) { return 'not_found' }
    if ($current -is [System.Windows.Automation.ElementNotEnabledException]) { return 'not_enabled' }
    $current = $current.InnerException
  }
  return 'failed'
}

function Get-InnermostMessage($Exception) {
  $current = $Exception
  while ($null -ne $current.InnerException) { $current = $current.InnerException }
  return $current.Message
}

Write-Line ([ordered]@{ event = 'ready'; info = [ordered]@{ protocol = 1; powershell = $PSVersionTable.PSVersion.ToString(); owners = ($null -ne $script:User32) } })

while ($true) {
  $line = $In.ReadLine()
  if ($null -eq $line) { break }
  if ($line.Trim().Length -eq 0) { continue }
  $id = $null
  try {
    $request = ConvertFrom-Json -InputObject $line
    $id = $request.id
    $result = Invoke-Method ([string]$request.method) $request.params
    Write-Line ([ordered]@{ id = $id; ok = $true; result = $result })
  } catch {
    $problem = [ordered]@{ code = (Get-ErrorCode $_.Exception); message = (Get-InnermostMessage $_.Exception) }
    Write-Line ([ordered]@{ id = $id; ok = $false; error = $problem })
  }
}
