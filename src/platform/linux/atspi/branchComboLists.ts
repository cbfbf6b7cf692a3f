/**
 * Qt 5's item views count the rows of their model's top level but give the rows under the view's
 * root index (Qt 6 counts under the root). A combo box that lists one branch of a tree model
 * (QComboBox::setRootModelIndex) shows it in a list view of a model with several columns: DB
 * Browser for SQLite's table chooser counts 2 top-level rows of 5 columns and gives the 1 row of
 * its branch. Each cell asked that the branch lacks makes Qt print "QAccessibleTable::child:
 * Invalid index at: 1 0", and nothing the view answers silently tells how many rows its branch
 * has: its Table row count is the top level's too, and Qt 5 says such a popup list is showing
 * even while it is closed. So the list of a Qt 5 combo box whose model has several columns is not
 * asked for its children: the combo box reads with its value and no options. A combo box of a
 * one-column model (nearly all) is a flat list whose counts are right, and reads as before.
 */
import type { AtspiClient } from './client.js';
import { IFACE } from './names.js';
import { fromWire, type ObjRef } from './refs.js';
import type { ToolkitInfo } from './normalize.js';
import { policyFor } from './toolkitPolicy.js';
import { roleName } from './vocabulary.js';

/** What the node reader knows of a node before its children (nodeReader.ts Facts). */
interface ListFacts {
  role: string;
  childCount: number;
  interfaces: ReadonlySet<string>;
}

/** Whether the node's counted children must not be asked: a combo box's list of a multi-column model, in a toolkit that miscounts it. */
export async function isBranchComboList(client: AtspiClient, ref: ObjRef, facts: ListFacts, toolkit: ToolkitInfo | undefined): Promise<boolean> {
  if (!policyFor(toolkit).topLevelRowCounts || facts.role !== 'list' || facts.childCount <= 0 || !facts.interfaces.has(IFACE.table)) return false;
  const columns = Number(await client.property(ref, IFACE.table, 'NColumns').catch(() => 1));
  if (columns <= 1) return false;
  const parent = fromWire(await client.property(ref, IFACE.accessible, 'Parent').catch(() => null));
  return !!parent && roleName(await client.role(parent).catch(() => -1)) === 'combo_box';
}
